/** Starts one PostgreSQL cluster for the whole run; each test file creates its own database in it. */
import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgres-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const cluster = await startPostgresCluster();
  project.provide('postgresUrl', cluster.adminUrl);
  return () => cluster.stop();
}
