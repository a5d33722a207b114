export const TEST_PASSWORD = 'demo1234';
