export { axisGroupRegister as default } from './declaration.tsx';
