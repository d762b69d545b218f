export { ContactTemplatesPage } from './ContactTemplatesPage.tsx';
