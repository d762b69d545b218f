export { HomeSections, type HomeSectionsProps } from './HomeSections.tsx';
