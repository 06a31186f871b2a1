/**
 * Bundles the server for the tests that start it as a process, and starts one PostgreSQL cluster
 * for the whole run; each test file creates its own database in it.
 */
import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgres-cluster.ts';
import { buildServer } from './server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  buildServer();
  const cluster = await startPostgresCluster();
  project.provide('postgresUrl', cluster.adminUrl);
  return () => cluster.stop();
}
