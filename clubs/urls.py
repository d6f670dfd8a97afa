from django.urls import path

from . import passwords, views

app_name = "clubs"
urlpatterns = [
    path("accounts/signup/", views.signup, name="signup"),
    # before the tournaments app's clubs/<slug>/: "new" is no club's slug (ClubForm)
    path("clubs/new/", views.create_club, name="create"),
    path("clubs/<slug:slug>/edit/", views.edit_club, name="edit"),
    path("clubs/<slug:slug>/members/", views.member_list, name="members"),
    path("clubs/<slug:slug>/members/add/", views.add_member, name="add_member"),
    path("clubs/<slug:slug>/members/new-login/", views.create_login, name="create_login"),
    path("clubs/<slug:slug>/members/<int:pk>/role/", views.change_role, name="change_role"),
    path("clubs/<slug:slug>/members/<int:pk>/remove/", views.remove_member, name="remove_member"),
    path(
        "clubs/<slug:slug>/logins/<int:pk>/password-link/",
        passwords.password_link,
        name="password_link",
    ),
    path("clubs/<slug:slug>/players/new/", views.add_player, name="add_player"),
    path("clubs/<slug:slug>/players/<int:pk>/edit/", views.edit_player, name="edit_player"),
    path(
        "clubs/<slug:slug>/players/<int:pk>/login/",
        views.create_player_login,
        name="create_player_login",
    ),
    path(
        "clubs/<slug:slug>/players/<int:pk>/asked/withdraw/",
        views.withdraw_ask,
        name="withdraw_ask",
    ),
]
