import { describeRemotePages } from '@phoenix/shell/src/testing';
import pages from './pages';
import routes from './routes';

// What the host reads (routes.json, emitted by the build from routes.ts) and what this remote runs agree.
describeRemotePages('system', { pages, routes, srcDir: __dirname });
