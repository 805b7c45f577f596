import type { MetadataRoute } from 'next';

// The web app manifest (/manifest.webmanifest): Groundwork installs to a phone's home screen and
// opens as an app of its own, on Home. The icons are drawn from app/icon.svg (public/icons).
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: 'Groundwork',
    short_name: 'Groundwork',
    description: 'The construction pipeline: leads, projects, forecast and workforce.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#1d4ed8',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
