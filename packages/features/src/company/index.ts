export { CompanySettingsPage, companySettingsText } from './CompanySettingsPage.tsx';
