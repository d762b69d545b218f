export { ApiKeysPage } from './ApiKeysPage.tsx';
