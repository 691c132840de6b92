import os from 'node:os';

// `npm run bench`: every benchmark, one report. Each module exports a run function that prints its figures.
const benches: Array<[string, string, string]> = [
  ['Web app load', './web.ts', 'runWebBench'],
  ['Pose editor', './editor.ts', 'runEditorBench'],
  ['Turning a person in depth', './depth.ts', 'runDepthBench'],
  ['Motion: sequences and the timeline', './motion.ts', 'runMotionBench'],
  ['Generation API and mannequin engine', './generation.ts', 'runGenerationBench'],
  ['PNG encoding', './png.ts', 'runPngBench'],
  ['Depth and normal maps', './depthMaps.ts', 'runDepthMapsBench'],
  ['Reading skeleton PNGs back', './poseFromPng.ts', 'runPoseFromPngBench'],
  ['Heavy prompt: event-loop delay', './heavyPrompt.ts', 'runHeavyPromptBench'],
  ['Health under pose saves', './poseSaves.ts', 'runPoseSavesBench'],
  ['Load: 200 connections, 30 s, history and prompt submission', './load.ts', 'runLoadBench'],
  ['Pose estimation', './estimator.ts', 'runEstimatorBench'],
  ['BlazePose against MoveNet MultiPose', './blazePose.ts', 'runBlazePoseBench'],
  ['Video to poses', './videoPose.ts', 'runVideoPoseBench'],
  ['Health during a 50 MB video upload', './videoUpload.ts', 'runVideoUploadBench'],
  ['Poses to a mannequin video', './mannequinVideo.ts', 'runMannequinVideoBench'],
  ["A small image's wait behind three users' largest videos", './shortJobWait.ts', 'runShortJobWaitBench'],
];

console.log(`# Posecraft bench — ${new Date().toISOString()} — node ${process.version}, ${os.cpus().length} cores`);
let failed = 0;
for (const [title, file, fn] of benches) {
  console.log(`\n# ${title}`);
  try {
    const mod = (await import(file)) as Record<string, () => Promise<void>>;
    await mod[fn]();
  } catch (error) {
    failed++;
    console.log(`(failed: ${(error as Error).message})`);
  }
}
process.exit(failed ? 1 : 0);
