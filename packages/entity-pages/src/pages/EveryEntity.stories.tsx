import type { EntityName } from '@lms/domain';
import { entityStories } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { EntityListPage } from './EntityListPage.tsx';

/**
 * Every entity page that has no stories file of its own (province, vehicle, shipment and appUser
 * carry the full standard set; the DO report its list-only story): its list from the generated
 * fixtures, then its create form refusing an empty save with the Thai required messages. The
 * pages are one generic page fed by each declaration, so this checks every declaration renders.
 */
const meta = {
  title: 'Pages/Every entity',
  ...entityStories('region').meta,
} satisfies Meta<typeof EntityListPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One entity's list, then its create form's required messages. */
function listAndCreate(entityName: EntityName): Story {
  const s = entityStories(entityName);
  return {
    args: { entity: entityName },
    beforeEach: s.List.beforeEach,
    play: async (context) => {
      await s.List.play?.(context);
      await s.Create.play?.(context);
    },
  };
}

export const So: Story = listAndCreate('so');
export const Bo: Story = listAndCreate('bo');
export const BookingReport: Story = listAndCreate('bookingReport');
export const DeliveryOrder: Story = listAndCreate('deliveryOrder');
export const District: Story = listAndCreate('district');
export const SubDistrict: Story = listAndCreate('subDistrict');
export const Region: Story = listAndCreate('region');
export const VehicleType: Story = listAndCreate('vehicleType');
export const VehicleGroup: Story = listAndCreate('vehicleGroup');
export const Branch: Story = listAndCreate('branch');
export const ShipCond: Story = listAndCreate('shipCond');
export const RouteConfig: Story = listAndCreate('routeConfig');
export const ShiftOfDay: Story = listAndCreate('shiftOfDay');
export const TimeSlotCode: Story = listAndCreate('timeSlotCode');
export const Unit: Story = listAndCreate('unit');
export const Uom: Story = listAndCreate('uom');
export const Article: Story = listAndCreate('article');
export const ArticleUomType: Story = listAndCreate('articleUomType');
export const Customer: Story = listAndCreate('customer');
export const Contractor: Story = listAndCreate('contractor');
export const Driver: Story = listAndCreate('driver');
export const Warehouse: Story = listAndCreate('warehouse');
export const ShipTo: Story = listAndCreate('shipTo');
export const TruckBanConfig: Story = listAndCreate('truckBanConfig');
export const ArticleTypeProhibit: Story = listAndCreate('articleTypeProhibit');
export const ShippingPriceConfig: Story = listAndCreate('shippingPriceConfig');
export const VehicleTypeAdjustPercent: Story = listAndCreate('vehicleTypeAdjustPercent');
export const VehicleDateSlot: Story = listAndCreate('vehicleDateSlot');
export const VehicleUtilizationThresholds: Story = listAndCreate('vehicleUtilizationThresholds');
export const AppRoleGroup: Story = listAndCreate('appRoleGroup');
