import type { RouteObject } from 'react-router-dom';
import { RequireAdmin } from '@/features/auth/require-admin';
import { RequireSignedIn } from '@/features/auth/require-signed-in';
import { OwnCollectionsRoute } from '@/features/collections/own-collections-route';
import { RouteErrorPage } from '@/features/errors/route-error-page';
import { GATE_BYPASS } from '@/features/gate/gate-bypass';
import { BootScreen } from './boot-screen';
import { lazyPage } from './lazy-page';
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
        lazy: lazyPage(() => import('@/features/plans/shared-plan-page'), 'SharedPlanPage'),
      },

      // Anyone.
      { path: 'explore', lazy: lazyPage(() => import('@/features/explore/explore-page'), 'ExplorePage') },
      { path: 'login', lazy: lazyPage(() => import('@/features/auth/login-page'), 'LoginPage') },
      { path: 'signup', lazy: lazyPage(() => import('@/features/auth/signup-page'), 'SignupPage') },
      {
        path: 'forgot-password',
        lazy: lazyPage(() => import('@/features/auth/forgot-password-page'), 'ForgotPasswordPage'),
      },
      {
        path: 'auth/confirm',
        lazy: lazyPage(() => import('@/features/auth/auth-confirm-page'), 'AuthConfirmPage'),
      },
      { path: 'search', lazy: lazyPage(() => import('@/features/search/search-page'), 'SearchPage') },
      {
        path: 'profile/:username',
        lazy: lazyPage(() => import('@/features/profile/profile-page'), 'ProfilePage'),
      },
      {
        path: 'activity/:id',
        lazy: lazyPage(() => import('@/features/posts/activity-page'), 'ActivityPage'),
      },
      { path: 'date/:id', lazy: lazyPage(() => import('@/features/posts/date-page'), 'DatePage') },
      {
        path: 'notifications',
        lazy: lazyPage(() => import('@/features/notifications/notifications-page'), 'NotificationsPage'),
      },

      // Members.
      {
        element: <RequireSignedIn />,
        children: [
          { index: true, lazy: lazyPage(() => import('@/features/feed/home-page'), 'HomePage') },
          {
            path: ':username/collections',
            element: <OwnCollectionsRoute />,
            children: [
              {
                index: true,
                lazy: lazyPage(() => import('@/features/collections/collections-page'), 'CollectionsPage'),
              },
              {
                path: ':collectionName',
                lazy: lazyPage(() => import('@/features/collections/collection-page'), 'CollectionPage'),
              },
            ],
          },
          { path: 'saved', lazy: lazyPage(() => import('@/features/saved/saved-page'), 'SavedPage') },
          {
            path: 'saved/posts',
            lazy: lazyPage(() => import('@/features/saved/saved-posts-page'), 'SavedPostsPage'),
          },
          {
            path: 'saved/shared',
            lazy: lazyPage(() => import('@/features/saved/shared-posts-page'), 'SharedPostsPage'),
          },
          {
            path: 'saved/planned',
            lazy: lazyPage(() => import('@/features/saved/planned-dates-page'), 'PlannedDatesPage'),
          },
          {
            path: 'plan',
            lazy: lazyPage(() => import('@/features/plans/plan-editor-page'), 'PlanEditorPage'),
          },
          {
            path: 'plan/preview',
            lazy: lazyPage(() => import('@/features/plans/plan-preview-page'), 'PlanPreviewPage'),
          },
          {
            path: 'account',
            lazy: lazyPage(() => import('@/features/account/account-page'), 'AccountPage'),
          },
          { path: 'create', lazy: lazyPage(() => import('@/features/create/create-page'), 'CreatePage') },
          { path: 'create/crop', lazy: lazyPage(() => import('@/features/create/crop-page'), 'CropPage') },
          {
            path: 'create/preview',
            lazy: lazyPage(() => import('@/features/create/create-preview-page'), 'CreatePreviewPage'),
          },
        ],
      },

      // Admins.
      {
        path: 'admin/post-tests',
        element: <RequireAdmin />,
        children: [
          { index: true, lazy: lazyPage(() => import('@/features/admin/post-tests-page'), 'PostTestsPage') },
        ],
      },

      { path: '*', lazy: lazyPage(() => import('@/features/errors/not-found-page'), 'NotFoundPage') },
    ],
  },
];
