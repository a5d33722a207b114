export { solutionBracketRegister as default } from './declaration.tsx';
