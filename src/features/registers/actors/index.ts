export { actorRegister as default } from './declaration.tsx';
