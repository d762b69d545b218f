export { PersonalDataAccessPage } from './PersonalDataAccessPage.tsx';
