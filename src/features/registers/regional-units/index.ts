export { regionalUnitRegister as default } from './declaration.tsx';
