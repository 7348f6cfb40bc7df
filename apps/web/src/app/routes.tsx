import type { RouteObject } from 'react-router-dom';
import { accountPages } from '@/features/account';
import { adminPages } from '@/features/admin';
import { RequireAdmin, RequireSignedIn, authPages } from '@/features/auth';
import { OwnCollectionsRoute, collectionsPages } from '@/features/collections';
import { createPages } from '@/features/create';
import { RouteErrorPage, errorPages } from '@/features/errors';
import { explorePages } from '@/features/explore';
import { feedPages } from '@/features/feed';
import { GATE_BYPASS } from '@/features/gate';
import { notificationsPages } from '@/features/notifications';
import { planPages } from '@/features/plans';
import { postPages } from '@/features/posts';
import { profilePages } from '@/features/profile';
import { savedPages } from '@/features/saved';
import { searchPages } from '@/features/search';
import { BootScreen } from './boot-screen';
import { RootRoute } from './root-route';

/** The route table of spec section 2, with each route's access rule. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootRoute />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <BootScreen />,
    children: [
      // Anyone, even without the access code.
      {
        path: 'plan/shared/:username/:planId',
        handle: GATE_BYPASS,
        lazy: planPages.shared,
      },

      // Anyone.
      { path: 'explore', lazy: explorePages.explore },
      { path: 'login', lazy: authPages.login },
      { path: 'signup', lazy: authPages.signup },
      {
        path: 'forgot-password',
        lazy: authPages.forgotPassword,
      },
      {
        path: 'auth/confirm',
        lazy: authPages.confirm,
      },
      { path: 'search', lazy: searchPages.search },
      {
        path: 'profile/:username',
        lazy: profilePages.profile,
      },
      {
        path: 'activity/:id',
        lazy: postPages.activity,
      },
      { path: 'date/:id', lazy: postPages.date },
      {
        path: 'notifications',
        lazy: notificationsPages.notifications,
      },

      // Members.
      {
        element: <RequireSignedIn />,
        children: [
          { index: true, lazy: feedPages.home },
          {
            path: ':username/collections',
            element: <OwnCollectionsRoute />,
            children: [
              {
                index: true,
                lazy: collectionsPages.collections,
              },
              {
                path: ':collectionName',
                lazy: collectionsPages.collection,
              },
            ],
          },
          { path: 'saved', lazy: savedPages.saved },
          {
            path: 'saved/posts',
            lazy: savedPages.savedPosts,
          },
          {
            path: 'saved/shared',
            lazy: savedPages.sharedPosts,
          },
          {
            path: 'saved/planned',
            lazy: savedPages.plannedDates,
          },
          {
            path: 'plan',
            lazy: planPages.editor,
          },
          {
            path: 'plan/preview',
            lazy: planPages.preview,
          },
          {
            path: 'account',
            lazy: accountPages.account,
          },
          { path: 'create', lazy: createPages.details },
          { path: 'create/crop', lazy: createPages.crop },
          {
            path: 'create/preview',
            lazy: createPages.preview,
          },
        ],
      },

      // Admins.
      {
        path: 'admin/post-tests',
        element: <RequireAdmin />,
        children: [{ index: true, lazy: adminPages.postTests }],
      },

      { path: '*', lazy: errorPages.notFound },
    ],
  },
];
