export { contractStatusRegister as default } from './declaration.tsx';
