/* The diary's other views (weekly, roster, monitoring, training, map) share its navigation bar and its look,
   so the diary's stylesheet comes with them. */
import './diary.css';

export { DiaryNavBar } from './diary-nav-bar';
