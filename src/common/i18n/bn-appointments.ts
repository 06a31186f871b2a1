/**
 * The Bangla words of the study rooms and events pages and of their desk tabs: the same shape as
 * en-appointments.ts, checked by TypeScript (`AppointmentsCatalogue`). Counts are written here in
 * Bengali digits; times and dates reach these functions already written so.
 */
import type { AppointmentsCatalogue } from './catalogue.ts';
import { LOCALES } from './languages.ts';
import { numberIn } from './numbers.ts';

const n = numberIn(LOCALES.bn);

export const bnAppointments: AppointmentsCatalogue = {
  rooms: {
    dayLabel: 'দিন',
    gridCaption: (day) => `${day} তারিখে রুমগুলো ও খালি সময়`,
    roomColumn: 'রুম',
    seats: (capacity) => (capacity === 1 ? '১ জন' : `সর্বোচ্চ ${n(capacity)} জন`),
    seatRoom: (seats) => `${n(seats)}টি আসন, প্রতিটিতে একজন সদস্য`,
    seatsFree: (free) => `${n(free)}টি আসন খালি`,
    closed: (day) => `${day} তারিখে পাঠাগার বন্ধ।`,
    noRooms: 'এখনো কোনো রুম বুক করা যায় না।',
    free: 'খালি',
    taken: 'বুক করা',
    mine: 'আপনার',
    past: 'পেরিয়ে গেছে',
    slotLabel: (room, from, to, state) => `${room}, ${from} থেকে ${to}: ${state}`,
    legend:
      'বুক করতে একটি খালি সময় বেছে নিন। প্রতিটি বুকিং একটি স্লটের; বেশিক্ষণ থাকতে পরের স্লটটিও বুক করুন।',
    rules: (hours) => `দিনে সর্বোচ্চ ${n(hours)} ঘণ্টা, এক সপ্তাহ আগে পর্যন্ত বুক করা যায়।`,
    confirmBooking: (room, day, from, to) => ({
      title: `${room} বুক করবেন?`,
      text: `${day}, ${from} থেকে ${to}।`,
      confirm: 'বুক করুন',
      cancel: 'এখন নয়',
    }),
    booked: 'রুম বুক হয়েছে',
    bookedText: 'নিশ্চিতকরণ ইমেইল আপনার কাছে যাচ্ছে।',
    signInToBook: 'রুম বুক করতে সাইন ইন করুন',
    myBookings: 'আমার বুকিং',
    noBookings: 'আজ থেকে আপনার কোনো বুকিং নেই।',
    statuses: {
      booked: 'বুক করা',
      checkedIn: 'চেক-ইন হয়েছে',
      cancelled: 'বাতিল',
      noShow: 'ছেড়ে দেওয়া হয়েছে (চেক-ইন হয়নি)',
    },
    cancel: 'বাতিল করুন',
    checkIn: 'চেক-ইন',
    confirmCancel: (room, when) => ({
      title: 'বুকিংটি বাতিল করবেন?',
      text: `${room}, ${when}।`,
      confirm: 'হ্যাঁ, বাতিল করুন',
      cancel: 'রেখে দিন',
    }),
    cancelled: 'বুকিং বাতিল হয়েছে',
    checkedIn: 'চেক-ইন হয়েছে। ভালোভাবে পড়াশোনা করুন!',
    checkInWindow: 'শুরুর ১০ মিনিট আগে চেক-ইন খোলে।',
    refusals: {
      INVALID_SLOT: 'এই সময়টি বুক করা যায় না। অন্য একটি স্লট বেছে নিন।',
      SLOT_TAKEN: 'এইমাত্র কেউ স্লটটি বুক করেছেন। অন্য একটি বেছে নিন।',
      ROOM_HOURS_LIMIT: 'সেদিনের জন্য যত ঘণ্টা বুক করা যায়, আপনি তা করে ফেলেছেন।',
      ROOM_NOT_FOUND: 'রুমটি আর নেই।',
      MEMBER_BLOCKED: 'আপনার অ্যাকাউন্ট আটকানো আছে। ডেস্কে একজন লাইব্রেরিয়ানের সঙ্গে কথা বলুন।',
      MEMBERSHIP_EXPIRED: 'আপনার সদস্যপদের মেয়াদ শেষ। ডেস্কে নবায়ন করুন।',
      CHECK_IN_CLOSED: 'শুরুর ১০ মিনিট আগে থেকে শুরুর একটু পর পর্যন্ত চেক-ইন করা যায়।',
      BOOKING_STARTED: 'বুকিংটি শুরু হয়ে গেছে, তাই আর বাতিল করা যায় না।',
      BOOKING_NOT_FOUND: 'বুকিংটি আর নেই।',
      OTHER: 'কিছু একটা ভুল হয়েছে। আবার চেষ্টা করুন।',
    },
    refusedTitle: 'বুক হয়নি',
  },
  events: {
    weekOf: (day) => `${day} থেকে শুরু সপ্তাহ`,
    noEvents: 'এখনো কোনো অনুষ্ঠানের পরিকল্পনা নেই। শিগগির আবার দেখুন।',
    seatsLeft: (seats) => `${n(seats)}টি আসন খালি`,
    full: (waiting) => (waiting === 0 ? 'আসন পূর্ণ' : `আসন পূর্ণ, ${n(waiting)} জন অপেক্ষায়`),
    cancelledBadge: 'বাতিল',
    registered: 'আপনার নিবন্ধন হয়েছে',
    waitingAt: (position) => `অপেক্ষার তালিকায় আপনি ${n(position)} নম্বরে`,
    register: 'নিবন্ধন করুন',
    joinWaitingList: 'অপেক্ষার তালিকায় যোগ দিন',
    cancelRegistration: 'নিবন্ধন বাতিল করুন',
    addToCalendar: 'ক্যালেন্ডারে যোগ করুন',
    signInToRegister: 'নিবন্ধন করতে সাইন ইন করুন',
    where: 'কোথায়:',
    registeredToast: 'আপনার নিবন্ধন হয়েছে',
    waitingToast: (position) => `অপেক্ষার তালিকায় আপনি ${n(position)} নম্বরে`,
    cancelledToast: 'নিবন্ধন বাতিল হয়েছে',
    confirmCancel: (title) => ({
      title: 'নিবন্ধন বাতিল করবেন?',
      text: `${title}: আপনার আসনটি অপেক্ষার তালিকার প্রথম সদস্য পাবেন।`,
      confirm: 'হ্যাঁ, বাতিল করুন',
      cancel: 'রেখে দিন',
    }),
    refusals: {
      ALREADY_REGISTERED: 'এই অনুষ্ঠানে আপনি আগেই নিবন্ধিত বা অপেক্ষায় আছেন।',
      EVENT_STARTED: 'অনুষ্ঠানটি শুরু হয়ে গেছে।',
      EVENT_CANCELLED: 'অনুষ্ঠানটি বাতিল হয়েছে।',
      EVENT_NOT_FOUND: 'অনুষ্ঠানটি আর নেই।',
      REGISTRATION_NOT_FOUND: 'এই অনুষ্ঠানে আপনার নিবন্ধন নেই।',
      OTHER: 'কিছু একটা ভুল হয়েছে। আবার চেষ্টা করুন।',
    },
    refusedTitle: 'হয়নি',
  },
  desk: {
    bookingsHeading: (day) => `${day} তারিখের বুকিং`,
    noBookings: 'আজ কোনো বুকিং নেই।',
    time: 'সময়',
    room: 'রুম',
    member: 'সদস্য',
    status: 'অবস্থা',
    checkIn: 'চেক-ইন',
    checkedIn: 'চেক-ইন হয়েছে',
    eventLabel: 'অনুষ্ঠান',
    registrationsOf: (registered, capacity, waiting) =>
      `${n(capacity)}টি আসনের ${n(registered)}টি নেওয়া, ${n(waiting)} জন অপেক্ষায়`,
    noRegistrations: 'এখনো কেউ নিবন্ধন করেননি।',
    noEvents: 'সামনে কোনো অনুষ্ঠান নেই।',
    attended: 'উপস্থিত',
    registeredStatus: 'নিবন্ধিত',
    waitingStatus: (position) => `অপেক্ষায়, ${n(position)} নম্বরে`,
    show: 'দেখুন',
  },
};
