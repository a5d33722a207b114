export { jobRoleRegister as default } from './declaration.tsx';
