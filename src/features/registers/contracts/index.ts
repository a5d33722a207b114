export { contractRegister as default } from './declaration.tsx';
