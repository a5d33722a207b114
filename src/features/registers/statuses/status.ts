export { statusRegister as default } from './declaration.tsx';
