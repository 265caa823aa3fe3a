// The About section's film: a short sample (58 KB, made from the sample bottle images) the shop owner
// replaces with their own at client/public/media/. Local on purpose: nothing loads from third-party hosts.
export const aboutVideo = {
  src: '/media/about-manukato.mp4',
  type: 'video/mp4',
  title: 'The Manukato story',
  width: 640,
  height: 360,
} as const;
