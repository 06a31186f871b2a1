/**
 * The races that need two real server processes sharing one PostgreSQL (issue 39, item 8): every
 * module beside this file declares its races against ONE pair of servers on one database, started
 * once here, since booting and migrating a server costs more than most races. The crash-safety
 * tests kill their server, so they keep their own (crash-safety.test.ts).
 */
import { describe } from 'vitest';
import { sharedPair } from './two-processes/context.ts';
import { deskRaces } from './two-processes/desk.ts';
import { ebooksRaces } from './two-processes/ebooks.ts';
import { finesRaces } from './two-processes/fines.ts';
import { roomsRaces } from './two-processes/rooms.ts';
import { sessionsAndStockRaces } from './two-processes/sessions-and-stock.ts';

describe('two server processes sharing one PostgreSQL', () => {
  const pair = sharedPair();
  sessionsAndStockRaces(pair);
  deskRaces(pair);
  finesRaces(pair);
  ebooksRaces(pair);
  roomsRaces(pair);
});
