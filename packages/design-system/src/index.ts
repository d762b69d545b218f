export * from './Button/index.ts';
export { messages as designSystemMessages } from './messages.ts';
export * from './theme/index.ts';
