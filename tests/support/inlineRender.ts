import { runRenderTask } from '../../server/render/renderTask';
import type { RenderTask } from '../../server/render/renderTypes';

/** RunOptions.render for engine unit tests: draws in this process, as the render process would. */
export const renderInline = async (task: RenderTask): Promise<Buffer> => runRenderTask(task);
