/** The nine partner cards of the home page (SPEC.md §2 Home); logos are served by the app. */

export interface Partner {
  name: string;
  desc: string;
  img: string;
}

export const partnersHeading = "Events & Organizations We've Collaborated With";

export const partners: Partner[] = [
  {
    name: 'National Library of Bangladesh',
    desc: "The country's legal deposit library in Agargaon, Dhaka, preserving the nation's printed heritage.",
    img: '/partners/national-library-of-bangladesh.svg',
  },
  {
    name: 'Bishwo Shahitto Kendro',
    desc: 'A cultural centre and library in Dhaka that has championed reading and discussion since 1978.',
    img: '/partners/bishwo-shahitto-kendro.svg',
  },
  {
    name: 'Dhaka University Central Library',
    desc: 'The central library of the University of Dhaka, a partner for research clinics and academic talks.',
    img: '/partners/dhaka-university-central-library.svg',
  },
  {
    name: 'Bangladesh Shishu Academy Library',
    desc: "The children's library of Bangladesh Shishu Academy, co-host of our story hours and young readers' clubs.",
    img: '/partners/bangladesh-shishu-academy-library.svg',
  },
  {
    name: 'Bangla Academy',
    desc: 'The national academy of the Bangla language and organiser of the Amar Ekushey Book Fair.',
    img: '/partners/bangla-academy.svg',
  },
  {
    name: 'Boi Bondhu Foundation',
    desc: 'A non-profit that runs reading circles and book drives in schools and neighbourhoods.',
    img: '/partners/boi-bondhu-foundation.svg',
  },
  {
    name: 'Bangladesh Shilpakala Academy',
    desc: 'The national academy of fine and performing arts, our partner for drama readings and exhibitions.',
    img: '/partners/bangladesh-shilpakala-academy.svg',
  },
  {
    name: 'Rokomari',
    desc: 'An online bookstore that supports our book fairs and reading challenges.',
    img: '/partners/rokomari.svg',
  },
  {
    name: 'Bangladesh Open Source Network',
    desc: 'A community of developers and volunteers who lead our coding and digital skills workshops.',
    img: '/partners/bangladesh-open-source-network.svg',
  },
];
