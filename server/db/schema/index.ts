export * from './common.ts';
export * from './people.ts';
export * from './territory.ts';
export * from './questions.ts';
export * from './solutions.ts';
export * from './meetings.ts';
export * from './uploads.ts';
export * from './reports.ts';
