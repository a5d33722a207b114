export { categoryRegister as default } from './declaration.tsx';
