export { institutionRegister as default } from './declaration.tsx';
