export { packageRegister as default } from './declaration.tsx';
