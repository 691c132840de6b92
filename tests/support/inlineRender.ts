import { runRenderTask, type RenderTask } from '../../server/render/renderTask';

/** RunOptions.render for engine unit tests: draws in this process, as the render process would. */
export const renderInline = async (task: RenderTask): Promise<Buffer> => runRenderTask(task);
