/**
 * The demo e-books (docs/product/digital-library.md): six short books written for this project,
 * three in English and three in Bangla, some open to everyone and some lent with one digital copy,
 * so a fresh `npm start` shows every state of the digital library. Their EPUBs are made from these
 * texts when the demo is seeded (docs/decisions/015-digital-library.md says why).
 */
import type { EbookAccess } from '../../common/constants.ts';
import type { EpubChapter } from '../ebooks/epub-writer.ts';
import { coverPath } from './cover-slug.ts';
import type { DemoBook } from './demo-books.ts';

export interface DemoEbook {
  book: DemoBook & { language: string };
  access: EbookAccess;
  copies: number;
  identifier: string;
  chapters: EpubChapter[];
}

/** `coverName`: what the cover's file is named after, for titles in Bengali script. */
type Entry = Omit<DemoEbook, 'book'> & {
  book: Omit<DemoEbook['book'], 'image'>;
  coverName?: string;
};

const entries: Entry[] = [
  {
    identifier: 'urn:uuid:6f1b7f56-2d0e-4b8e-9a51-0c4d1f9e2a01',
    access: 'open',
    copies: 1,
    book: {
      name: 'The Lamp-Keeper of Sonadia',
      author: 'Pathagar Writers',
      category: 'Novel',
      quantity: 1,
      rating: 4.2,
      language: 'en',
      shortDescription:
        'On a small island in the Bay of Bengal, an old lamp-keeper teaches a fisher girl why a light must never go out.',
      content:
        'Written for the Pathagar demo, this short novel follows Rahela, a fisher girl of Sonadia island, and Kader Mia, the old man who has kept the harbour lamp burning for forty years. When a storm season arrives early and the lamp is threatened, Rahela learns what the light means to the boats at sea, and what it means to keep a promise nobody else remembers. It is free to read online for everyone.',
    },
    chapters: [
      {
        title: 'The Harbour Lamp',
        paragraphs: [
          'Every evening, when the sun slid down behind the mangroves and the sea turned the colour of tarnished brass, Kader Mia climbed the eleven stone steps to the harbour lamp of Sonadia.',
          'He carried a tin of kerosene in one hand and a rag in the other, and he never hurried. The fishermen said you could set a clock by him, if anyone on the island had owned a clock that worked.',
          'Rahela watched him from the drying racks, where the silver fish lay in rows like coins. She was eleven years old and she had decided, that monsoon, that she would find out why an old man would climb the same steps for forty years without once missing a night.',
          'On the fourth evening she followed him. The steps were slippery with salt. At the top, the lamp stood in its cage of green glass, taller than she was, smelling of smoke and oil.',
          '"You will get your feet wet for nothing," Kader Mia said without turning round. "There is nothing to see up here but a lamp and an old man."',
          '"Then why do you come?" Rahela asked.',
          'He trimmed the wick with great care before he answered. "Because out there," he said, pointing at the dark water, "someone is looking for this light. And if they do not find it, they will not find home."',
        ],
      },
      {
        title: 'The Early Storm',
        paragraphs: [
          'The storm came a week before anyone expected it. The sky went yellow in the afternoon, and the gulls flew inland, crying, over the roofs of the village.',
          'The boats were still out. Rahela counted them from the beach as her mother had taught her: seven had gone out at dawn, and only three had come back.',
          'Kader Mia had a fever that day. He lay on his mat with his eyes half closed and his hands shaking, and when he tried to stand, his knees would not hold him.',
          '"The lamp," he whispered. "Someone must light the lamp."',
          'Rahela took the tin of kerosene and the rag. The wind pushed at her back as if it wanted to carry her off the island. On the eleventh step the rain began, hard and sideways, stinging her face like sand.',
          'Her fingers were so cold that the first match broke, and the second went out. The third caught. The wick took the flame slowly, then all at once, and the green glass glowed like a great lantern of the sea.',
        ],
      },
      {
        title: 'Four Boats',
        paragraphs: [
          'She stayed by the lamp all night, shielding it with her body whenever the wind found a crack in the glass.',
          'Near morning she saw the first boat, a small dark shape rising and falling on the grey water, turning its nose towards the light. Then a second, and a third. The fourth came in as the sun rose, with its sail torn and its crew singing.',
          'When Kader Mia was well again, he did not thank her. Instead he gave her the rag, the tin and a small brass key that opened the door of the lamp cage.',
          '"Forty years is long enough for one man," he said. "Now it is your promise."',
          'And every evening after that, when the sun slid down behind the mangroves, the fishermen of Sonadia could set a clock by Rahela.',
        ],
      },
    ],
  },
  {
    identifier: 'urn:uuid:6f1b7f56-2d0e-4b8e-9a51-0c4d1f9e2a02',
    access: 'lend',
    copies: 1,
    book: {
      name: 'Rain on the Tin Roof',
      author: 'Pathagar Writers',
      category: 'Drama',
      quantity: 1,
      rating: 4.0,
      language: 'en',
      shortDescription:
        'Three neighbours in an old Dhaka lane, one long monsoon afternoon, and the quarrel a power cut finally ends.',
      content:
        'Written for the Pathagar demo, this short play in prose takes place in a narrow lane of Old Dhaka during the monsoon. A retired schoolteacher, a young tailor and a widow who sells pickles have not spoken for a year, until a power cut and a leaking roof bring them under the same awning. The library lends one digital copy of it at a time.',
    },
    chapters: [
      {
        title: 'The Lane',
        paragraphs: [
          'The lane behind Shankhari Bazar is so narrow that two umbrellas cannot pass each other in it. In the monsoon, one of them must always give way.',
          'For a year now, Mr Haque the retired schoolteacher and Jamal the tailor had refused to give way to each other. Their umbrellas met at the corner every morning, and every morning both of them stood in the rain, waiting, until one was late for something.',
          'Mrs Banerjee, who sold mango pickle from a window with a green shutter, watched these mornings with great satisfaction and said nothing to either of them.',
        ],
      },
      {
        title: 'The Power Cut',
        paragraphs: [
          'On the afternoon of the longest rain, the power went off across half the old city. The fans stopped. The radios stopped. Jamal’s sewing machine stopped in the middle of a wedding blouse.',
          'Water began to drip through the tin roof of the tailor’s shop, first in one place, then in seven. Jamal ran out into the lane with the blouse held above his head, and found himself under the only awning that did not leak, which belonged to Mrs Banerjee.',
          'Mr Haque was already there, holding a stack of exercise books he had been correcting for forty years and could not stop correcting now.',
          'For a long minute nobody spoke. The rain spoke for them, loud on the tin, louder on the puddles.',
        ],
      },
      {
        title: 'Pickle and Tea',
        paragraphs: [
          'It was Mrs Banerjee who opened the green shutter and passed out three cups of tea and a saucer of mango pickle, which is not what anyone eats with tea, except in that lane.',
          '"A year," she said. "A whole year over who goes first at the corner. I have been keeping count."',
          'Mr Haque looked at his tea. Jamal looked at the wedding blouse, which was dry. Then both of them laughed at the same moment, and neither could remember who had started.',
          'When the power came back, the fans turned again, and the lane went back to its business. But the next morning, at the corner, two umbrellas tilted at once, and both men passed.',
        ],
      },
    ],
  },
  {
    identifier: 'urn:uuid:6f1b7f56-2d0e-4b8e-9a51-0c4d1f9e2a03',
    access: 'lend',
    copies: 1,
    book: {
      name: 'The Clockmaker’s Apprentice',
      author: 'Pathagar Writers',
      category: 'Sci-Fi',
      quantity: 1,
      rating: 4.4,
      language: 'en',
      shortDescription:
        'In a Chittagong workshop, an apprentice mends a clock that runs one minute ahead of the world, and starts to hear what it is trying to say.',
      content:
        'Written for the Pathagar demo, this short science-fiction story is set in a clockmaker’s workshop near the port of Chittagong. Nasrin, the apprentice, is given a brass clock that keeps perfect time, exactly one minute early. The library lends one digital copy of it at a time; when it is out, members join the waiting list.',
    },
    chapters: [
      {
        title: 'One Minute Early',
        paragraphs: [
          'The clock arrived in a crate marked with the name of a ship that had been broken up for scrap twenty years before.',
          'Ustad Karim opened it, looked at it for a long time, and handed it to Nasrin. "It keeps perfect time," he said. "Only not our time. Find out why."',
          'It was a plain brass clock with a white face and black hands. Nasrin set it beside the workshop clock, and for a whole day it ran exactly one minute ahead, not a second more, not a second less.',
        ],
      },
      {
        title: 'The Tick Between',
        paragraphs: [
          'On the third night Nasrin noticed the sound. Between each tick and tock there was another, smaller tick, like a whisper under a voice.',
          'She opened the back. Behind the ordinary wheels was a second movement, no bigger than a coin, turning by itself with no spring she could find.',
          'When she put her ear close, she heard rain. Not the rain outside, which had stopped an hour before, but rain that would start, she realised, in one minute.',
          'It did.',
        ],
      },
      {
        title: 'What the Clock Knew',
        paragraphs: [
          'Nasrin did not tell Ustad Karim at first. She listened instead: to a cart that would pass, to a neighbour who would call, to a kettle that would boil. The clock was never wrong.',
          'Then one afternoon she heard glass breaking, and a shout, and she ran into the street a minute early and caught the child who was about to step in front of a lorry.',
          'That evening she told Ustad Karim everything. He listened without interrupting, then wound the clock with a key he took from his own pocket.',
          '"My teacher gave me that clock," he said, "and said the same words I said to you. One minute is not much. It is enough, if you listen."',
        ],
      },
    ],
  },
  {
    identifier: 'urn:uuid:6f1b7f56-2d0e-4b8e-9a51-0c4d1f9e2a04',
    access: 'open',
    copies: 1,
    coverName: 'Nodir Dhare Ekdin',
    book: {
      name: 'নদীর ধারে একদিন',
      author: 'পাঠাগার লেখকদল',
      category: 'Novel',
      quantity: 1,
      rating: 4.3,
      language: 'bn',
      shortDescription:
        'পদ্মার পাড়ের এক গ্রামে এক কিশোর আর তার দাদুর একটি দিন: নৌকা, ইলিশ আর হারিয়ে যাওয়া একটি গানের খোঁজ।',
      content:
        'পাঠাগারের জন্য লেখা এই ছোট উপন্যাসে পদ্মার পাড়ের এক গ্রামের কিশোর রাতুল তার দাদুর সঙ্গে সারা দিন নদীতে কাটায়। দাদু ছোটবেলায় শোনা একটি মাঝির গান মনে করতে চান, আর রাতুল সেই গানের খোঁজে গ্রামের মানুষের কাছে ঘুরে বেড়ায়। বইটি সবার জন্য উন্মুক্ত: সাইন ইন ছাড়াই অনলাইনে পড়া যায়।',
    },
    chapters: [
      {
        title: 'ভোরের নৌকা',
        paragraphs: [
          'ভোরের আলো ফোটার আগেই দাদু রাতুলকে ডেকে তুললেন। বাইরে তখনও কুয়াশা, নদীর দিক থেকে ভেজা বাতাস আসছে।',
          '"চল, আজ নদীতে যাব," দাদু বললেন। "অনেক দিন যাইনি।"',
          'ঘাটে বাঁধা ছিল পুরোনো কাঠের নৌকাটা। দাদু বৈঠা হাতে নিতেই মনে হলো, তাঁর বয়স যেন অনেকখানি কমে গেছে। নৌকা ধীরে ধীরে মাঝনদীর দিকে এগোল, আর গ্রামটা পেছনে ছোট হয়ে এল।',
          'রাতুল জলে হাত ডুবিয়ে বসে রইল। পানি ঠান্ডা, স্রোত টানছে আঙুলের ফাঁক দিয়ে।',
        ],
      },
      {
        title: 'হারানো গান',
        paragraphs: [
          'দুপুরে চরের কাছে নৌকা থামিয়ে দাদু গুনগুন করে একটা সুর ধরলেন, কিন্তু কথাগুলো মনে করতে পারলেন না।',
          '"আমার বাবা এই গানটা গাইতেন," দাদু বললেন। "মাঝিরা সবাই গাইত। এখন আর কেউ গায় না, কথাও মনে নেই।"',
          'রাতুল ঠিক করল, গানটা সে খুঁজে বের করবেই। বিকেলে সে গেল হাটে, জেলেপাড়ায়, স্কুলের পুরোনো মাস্টারমশাইয়ের কাছে। কেউ একটা লাইন জানে, কেউ আরেকটা।',
          'সন্ধ্যার মধ্যে তার খাতায় জমা হলো চারটি লাইন, আর অনেকগুলো গল্প।',
        ],
      },
      {
        title: 'সন্ধ্যার ঘাট',
        paragraphs: [
          'ঘাটে ফিরে রাতুল খাতা খুলে পড়তে শুরু করল। প্রথম লাইন শুনেই দাদুর চোখ ভিজে এল।',
          'তিনি বাকিটা নিজেই গাইলেন, ধীরে ধীরে, যেন অনেক দূর থেকে কথাগুলো ফিরে আসছে। নদীর ওপারে সূর্য ডুবছিল, আর জলের ওপর গানটা ভেসে যাচ্ছিল।',
          'সেই রাতে রাতুল পুরো গানটা সুন্দর করে খাতায় লিখে রাখল, যাতে আর কখনো হারিয়ে না যায়।',
        ],
      },
    ],
  },
  {
    identifier: 'urn:uuid:6f1b7f56-2d0e-4b8e-9a51-0c4d1f9e2a05',
    access: 'lend',
    copies: 1,
    coverName: 'Chander Deshe Tuni',
    book: {
      name: 'চাঁদের দেশে টুনি',
      author: 'পাঠাগার লেখকদল',
      category: 'Sci-Fi',
      quantity: 1,
      rating: 4.1,
      language: 'bn',
      shortDescription:
        'ঢাকার মেয়ে টুনি বিজ্ঞান মেলার জন্য বানানো রকেটে চড়ে চলে যায় চাঁদে, আর সেখানে খুঁজে পায় এক একা রোবটকে।',
      content:
        'পাঠাগারের জন্য লেখা এই ছোট কল্পবিজ্ঞানের গল্পে টুনি নামের এক কৌতূহলী মেয়ে স্কুলের বিজ্ঞান মেলার রকেটে চড়ে চাঁদে পৌঁছে যায়। সেখানে দেখা হয় বহু বছর ধরে একা থাকা এক পুরোনো রোবটের সঙ্গে। পাঠাগার একবারে একজনকে এর একটি ডিজিটাল কপি ধার দেয়।',
    },
    chapters: [
      {
        title: 'বিজ্ঞান মেলার রকেট',
        paragraphs: [
          'টুনির রকেটটা বানানো হয়েছিল পুরোনো বিস্কুটের টিন, সাইকেলের পাম্প আর অনেকখানি আঠা দিয়ে। বিজ্ঞান মেলায় সবাই হেসেছিল।',
          'কিন্তু সেই রাতে ছাদে দাঁড়িয়ে টুনি যখন শেষ স্ক্রুটা আঁটল, রকেটটা হঠাৎ গুনগুন করে উঠল, আর আলো জ্বলে উঠল তার জানালায়।',
          'টুনি ভেতরে উঠে বসতেই দরজা বন্ধ হয়ে গেল। নিচে ঢাকার আলো ছোট হতে হতে তারার মতো হয়ে গেল।',
        ],
      },
      {
        title: 'চাঁদের ধুলো',
        paragraphs: [
          'চাঁদে নেমে টুনি দেখল, চারদিকে ধূসর ধুলো আর কালো আকাশ। আকাশে ঝুলে আছে নীল পৃথিবী, ঠিক একটা বড় মার্বেলের মতো।',
          'একটা গর্তের ধারে বসে ছিল একটা পুরোনো রোবট। তার গায়ে মরচে, একটা চোখ নিভে গেছে।',
          '"তুমি কে?" টুনি জিজ্ঞেস করল। রোবটটা ধীরে ধীরে মাথা ঘোরাল। "আমি অপেক্ষা করছি," সে বলল। "কেউ একদিন আমাকে নিতে আসবে বলেছিল।"',
        ],
      },
      {
        title: 'ফেরার পথ',
        paragraphs: [
          'টুনি রোবটের নিভে যাওয়া চোখটা খুলে দেখল, ভেতরের একটা তার ছিঁড়ে গেছে। নিজের চুলের ক্লিপ দিয়ে সে তারটা জুড়ে দিল।',
          'চোখটা জ্বলে উঠতেই রোবটটা উঠে দাঁড়াল। "অনেক বছর পর পৃথিবীটা আবার দুই চোখে দেখছি," সে বলল।',
          'ফেরার সময় রকেটে দুজনের জায়গা হলো না। রোবটটা হাত নেড়ে বলল, "এখন আর একা লাগবে না। তুমি তো জানো আমি এখানে আছি।"',
          'পরের বছরের বিজ্ঞান মেলায় টুনি চাঁদের একটা ছবি আঁকল, যেখানে একটা গর্তের ধারে কেউ একজন হাত নাড়ছে। এবার কেউ হাসল না।',
        ],
      },
    ],
  },
  {
    identifier: 'urn:uuid:6f1b7f56-2d0e-4b8e-9a51-0c4d1f9e2a06',
    access: 'lend',
    copies: 1,
    coverName: 'Purono Pathagarer Rohossho',
    book: {
      name: 'পুরোনো পাঠাগারের রহস্য',
      author: 'পাঠাগার লেখকদল',
      category: 'Thriller',
      quantity: 1,
      rating: 4.5,
      language: 'bn',
      shortDescription:
        'মফস্বলের পুরোনো পাঠাগার থেকে রাতে রাতে বই উধাও হয়, আর সকালে ফিরে আসে অন্য তাকে। রহস্য খুঁজতে নামে দুই বন্ধু।',
      content:
        'পাঠাগারের জন্য লেখা এই ছোট রহস্য গল্পে মফস্বল শহরের এক শতবর্ষী পাঠাগারে রাতের বেলা বই সরে যায় এক তাক থেকে আরেক তাকে। গ্রন্থাগারিক চিন্তিত, আর দুই বন্ধু মিঠু ও সায়ন এক রাত পাঠাগারে লুকিয়ে থেকে দেখতে চায় কী ঘটে। পাঠাগার একবারে একজনকে এর একটি ডিজিটাল কপি ধার দেয়।',
    },
    chapters: [
      {
        title: 'ভুল তাকে বই',
        paragraphs: [
          'শহরের পুরোনো পাঠাগারটির বয়স একশো বছরের বেশি। কাঠের তাক, হলুদ হয়ে যাওয়া পাতা আর জানালা দিয়ে আসা বিকেলের আলো।',
          'কিন্তু গত এক মাস ধরে গ্রন্থাগারিক রহিম সাহেব একটা অদ্ভুত ব্যাপার লক্ষ করছেন। সন্ধ্যায় তালা দেওয়ার সময় যে বই যে তাকে থাকে, সকালে সেটা পাওয়া যায় অন্য তাকে।',
          'কোনো বই হারায় না, শুধু জায়গা বদলায়। আর প্রতিবার বইগুলো সাজানো থাকে একটা নতুন নিয়মে।',
        ],
      },
      {
        title: 'রাতের পাহারা',
        paragraphs: [
          'মিঠু আর সায়ন ঠিক করল, এক রাত তারা পাঠাগারেই লুকিয়ে থাকবে। রহিম সাহেব প্রথমে রাজি হননি, পরে একটা টর্চ আর দুটো কম্বল দিলেন।',
          'রাত বারোটার পর হঠাৎ পেছনের ঘর থেকে খসখস শব্দ এল। টর্চের আলোয় দেখা গেল, একটা ছায়া তাক থেকে বই নামিয়ে অন্য তাকে রাখছে।',
          'সায়ন চিৎকার করতে যাচ্ছিল, মিঠু তার মুখ চেপে ধরল। ছায়াটা খুব যত্ন করে বইগুলো সাজাচ্ছিল, যেন কোনো তাড়া নেই।',
        ],
      },
      {
        title: 'নতুন নিয়ম',
        paragraphs: [
          'আলো জ্বালাতেই দেখা গেল, ছায়াটা আসলে পাশের বাড়ির বৃদ্ধ আজিজ মাস্টার। তাঁর ঘুম আসে না, আর চাবির একটা পুরোনো কপি তাঁর কাছে ছিল।',
          '"বইগুলো লেখকের নাম ধরে সাজানো," তিনি লজ্জিত মুখে বললেন। "কিন্তু পাঠকেরা খোঁজে বিষয় ধরে। আমি শুধু একটু সাহায্য করতে চেয়েছিলাম।"',
          'পরদিন রহিম সাহেব আজিজ মাস্টারকে পাঠাগারের স্বেচ্ছাসেবক করে নিলেন, এবার দিনের বেলায়। আর তাকগুলো সাজানো হলো নতুন নিয়মে, যাতে সবাই সহজে বই খুঁজে পায়।',
        ],
      },
    ],
  },
];

export const demoEbooks: DemoEbook[] = entries.map(({ coverName, ...entry }) => ({
  ...entry,
  book: { ...entry.book, image: coverPath(coverName ?? entry.book.name) },
}));
