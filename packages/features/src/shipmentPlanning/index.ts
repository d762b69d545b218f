export { ShipmentPlanningPage, type ShipmentPlanningPageProps } from './ShipmentPlanningPage.tsx';
