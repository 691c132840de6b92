// A timeline of each awkward length (1, 2, 80, 82, 200 frames, at 16 and 24 fps) sent to the Wan
// video profile: the page says the length, rate and size before generating, and the request it sends
// is that length, one Wan makes as it is (the server's videoLength leaves it unchanged), at 16 fps.
import { describe, expect, it } from 'vitest';
import type { WorkflowProfileInfo } from '../../../src/api/schemas.js';
import { createDefaultPoseDocument } from '../../../src/pose/index.js';
import { fitsRule, sequenceFromPose, type LengthFit } from '../../../src/pose/motion/index.js';
import { timelineVideoRequest, videoPlan, type VideoMaker } from '../../../src/ui/generate/timelineVideo.js';
import { videoLength } from '../../../server/engines/comfyui/videoGraph.js';

const WAN_INFO = {
  id: 'wan-fun-control',
  label: 'Wan',
  video: { max_frames: 81, length_step: 4, length_offset: 1, fps: 16, size_step: 16 },
} as WorkflowProfileInfo;
const wan: VideoMaker = { kind: 'profile', profile: WAN_INFO, maxFrames: 81 };
const canvas = { ...createDefaultPoseDocument(), canvas_width: 830, canvas_height: 470 };

describe('the video plan the Generate page shows and sends', () => {
  for (const fps of [16, 24]) {
    for (const length of [1, 2, 80, 82, 200]) {
      for (const fit of ['extend', 'trim'] as LengthFit[]) {
        it(`sends a ${length}-frame timeline at ${fps} fps to Wan at a length it makes (${fit})`, () => {
          const sequence = sequenceFromPose(canvas, length, fps);
          const plan = videoPlan({ ...sequence, length }, canvas, wan, fit);
          if (length === 1) {
            // One frame is no timeline: no video is offered.
            expect(plan).toBeNull();
            return;
          }
          const request = timelineVideoRequest(true, sequence, canvas, wan, fit);
          const sent = request?.frames?.length ?? 0;
          expect(sent).toBe(plan?.fitted.frames.length);
          expect(fitsRule(sent, plan!.rule)).toBe(true);
          expect(videoLength(sent, 4)).toBe(sent);
          expect(request?.fps).toBe(16);
          expect(request?.size).toEqual({ width: 832, height: 464 });
          expect(plan?.fitted.resampled).toBe(Math.round((length * 16) / fps));
        });
      }
    }
  }
});
