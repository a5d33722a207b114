export { scoreRangeRegister as default } from './declaration.tsx';
