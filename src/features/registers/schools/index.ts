export { schoolRegister as default } from './declaration.tsx';
