export { municipalityBracketRegister as default } from './declaration.tsx';
