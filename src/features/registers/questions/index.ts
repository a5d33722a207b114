export { questionRegister as default } from './declaration.tsx';
