export { solutionTypeRegister as default } from './declaration.tsx';
