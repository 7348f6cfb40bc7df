import type { RouteObject } from 'react-router-dom';
import { webPaths } from '@datebook/contracts';
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

/**
 * The route table of spec section 2, with each route's access rule. Paths are absolute patterns from
 * the contracts, the ones links are built from; the home screen is the index route of `/`.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootRoute />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <BootScreen />,
    children: [
      // Anyone, even without the access code.
      {
        path: webPaths.sharedPlan,
        handle: GATE_BYPASS,
        lazy: planPages.shared,
      },

      // Anyone.
      { path: webPaths.explore, lazy: explorePages.explore },
      { path: webPaths.login, lazy: authPages.login },
      { path: webPaths.signup, lazy: authPages.signup },
      {
        path: webPaths.forgotPassword,
        lazy: authPages.forgotPassword,
      },
      {
        path: webPaths.authConfirm,
        lazy: authPages.confirm,
      },
      { path: webPaths.search, lazy: searchPages.search },
      {
        path: webPaths.profile,
        lazy: profilePages.profile,
      },
      {
        path: webPaths.activity,
        lazy: postPages.activity,
      },
      { path: webPaths.date, lazy: postPages.date },
      {
        path: webPaths.notifications,
        lazy: notificationsPages.notifications,
      },

      // Members.
      {
        element: <RequireSignedIn />,
        children: [
          { index: true, lazy: feedPages.home },
          {
            path: webPaths.collections,
            element: <OwnCollectionsRoute />,
            children: [
              {
                index: true,
                lazy: collectionsPages.collections,
              },
              {
                path: webPaths.collection,
                lazy: collectionsPages.collection,
              },
            ],
          },
          { path: webPaths.saved, lazy: savedPages.saved },
          {
            path: webPaths.savedPosts,
            lazy: savedPages.savedPosts,
          },
          {
            path: webPaths.savedShared,
            lazy: savedPages.sharedPosts,
          },
          {
            path: webPaths.savedPlanned,
            lazy: savedPages.plannedDates,
          },
          {
            path: webPaths.plan,
            lazy: planPages.editor,
          },
          {
            path: webPaths.planPreview,
            lazy: planPages.preview,
          },
          {
            path: webPaths.account,
            lazy: accountPages.account,
          },
          { path: webPaths.create, lazy: createPages.details },
          { path: webPaths.createCrop, lazy: createPages.crop },
          {
            path: webPaths.createPreview,
            lazy: createPages.preview,
          },
        ],
      },

      // Admins.
      {
        path: webPaths.adminPostTests,
        element: <RequireAdmin />,
        children: [{ index: true, lazy: adminPages.postTests }],
      },

      { path: '*', lazy: errorPages.notFound },
    ],
  },
];
