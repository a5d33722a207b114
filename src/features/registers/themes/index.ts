export { themeRegister as default } from './declaration.tsx';
