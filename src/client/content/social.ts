/** The footer's social links (docs/product.md#home Footer); plain outbound links opened in a new tab. */

export type SocialNetwork = 'twitter' | 'youtube' | 'facebook';

export interface SocialLink {
  network: SocialNetwork;
  label: string;
  url: string;
}

export const socialLinks: SocialLink[] = [
  { network: 'twitter', label: 'Twitter', url: 'https://twitter.com/' },
  { network: 'youtube', label: 'YouTube', url: 'https://www.youtube.com/' },
  { network: 'facebook', label: 'Facebook', url: 'https://www.facebook.com/' },
];
