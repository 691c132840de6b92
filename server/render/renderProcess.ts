import os from 'node:os';
import { UnreadableImage } from '../engines/imageCodec.js';
import { runRenderTask } from './renderTask.js';
import type { FromRenderer, ToRenderer } from './renderTypes.js';

// The render process: drawing and PNG encoding are synchronous CPU work, so they run here and the
// API's event loop keeps answering. At a lower priority than the API, so on a busy machine health
// checks and other users' requests win the CPU.
try {
  os.setPriority(0, 10);
} catch {
  // Not allowed here (some containers): run at normal priority.
}
// A send that fails means the server is gone (it died or closed the channel): leave quietly, as on 'disconnect'.
const send = (message: FromRenderer) => process.send?.(message, undefined, undefined, (error) => error && process.exit(0));
process.on('disconnect', () => process.exit(0));

// One task at a time: the server sends the next only after this one answers.
process.on('message', (message: ToRenderer) => {
  try {
    send({ id: message.id, png: runRenderTask(message.task) });
  } catch (error) {
    const failure = error instanceof UnreadableImage ? 'unreadable' : 'crashed';
    const detail = error instanceof UnreadableImage ? error.detail : String((error as Error).stack ?? error);
    send({ id: message.id, failure, detail });
  }
});
send({ id: 0, png: new Uint8Array(0) }); // ready
