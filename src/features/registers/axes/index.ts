export { axisRegister as default } from './declaration.tsx';
