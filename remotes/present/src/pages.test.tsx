import { describeRemotePages } from '@phoenix/shell/src/testing';
import areas from './areas';
import pages from './pages';

// What the host reads (routes.json, written by the build from areas.ts and the locales) and what this remote runs agree.
describeRemotePages('present', { pages, areas, srcDir: __dirname });
