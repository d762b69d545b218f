export { FreightStatementPage } from './FreightStatementPage.tsx';
export { FreightStatementsPage } from './FreightStatementsPage.tsx';
