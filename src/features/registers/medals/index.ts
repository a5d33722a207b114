export { medalRegister as default } from './declaration.tsx';
