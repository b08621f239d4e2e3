# Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
"""firebase-admin's Auth against flint-emulator: create, get by uid and email, update, custom claims, list,
delete, and verify_id_token of an ID token from a password sign-in made over the REST API with requests."""
import requests
from firebase_admin import auth

from interop_support import AUTH_HOST, PROJECT, app, check

app()
base = f"http://{AUTH_HOST}"
requests.delete(f"{base}/emulator/v1/projects/{PROJECT}/accounts", timeout=10).raise_for_status()

user = auth.create_user(uid="ada", email="ada@example.com", password="analytical", display_name="Ada")
check(user.uid == "ada", f"create_user uid: {user.uid}")
check(user.email == "ada@example.com", f"create_user email: {user.email}")
check(user.display_name == "Ada", f"create_user display name: {user.display_name}")
check([p.provider_id for p in user.provider_data] == ["password"], f"providers: {user.provider_data}")

check(auth.get_user("ada").email == "ada@example.com", "get_user")
check(auth.get_user_by_email("ada@example.com").uid == "ada", "get_user_by_email")
try:
    auth.create_user(uid="ada")
    check(False, "a duplicate uid was accepted")
except auth.UidAlreadyExistsError:
    pass
try:
    auth.create_user(email="ada@example.com")
    check(False, "a duplicate email was accepted")
except auth.EmailAlreadyExistsError:
    pass

updated = auth.update_user("ada", display_name="Ada Lovelace", email_verified=True, disabled=False)
check(updated.display_name == "Ada Lovelace", f"update display name: {updated.display_name}")
check(updated.email_verified, "update email_verified")
updated = auth.update_user("ada", display_name=auth.DELETE_ATTRIBUTE)
check(updated.display_name is None, f"delete display name: {updated.display_name}")

auth.set_custom_user_claims("ada", {"admin": True, "level": 3})
check(auth.get_user("ada").custom_claims == {"admin": True, "level": 3}, "custom claims")

# A password sign-in over the REST API, as an app would make it; its ID token carries the custom claims.
answer = requests.post(
    f"{base}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key",
    json={"email": "ada@example.com", "password": "analytical", "returnSecureToken": True},
    timeout=10,
)
check(answer.status_code == 200, f"signInWithPassword: {answer.status_code} {answer.text}")
id_token = answer.json()["idToken"]
claims = auth.verify_id_token(id_token)
check(claims["uid"] == "ada", f"verify_id_token uid: {claims}")
check(claims["admin"] is True and claims["level"] == 3, f"verify_id_token custom claims: {claims}")
check(claims["firebase"]["sign_in_provider"] == "password", f"sign_in_provider: {claims}")
check(auth.verify_id_token(id_token, check_revoked=True)["uid"] == "ada", "check_revoked")

wrong = requests.post(
    f"{base}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key",
    json={"email": "ada@example.com", "password": "nope-nope", "returnSecureToken": True},
    timeout=10,
)
check(wrong.status_code == 400, f"wrong password status: {wrong.status_code}")
check(wrong.json()["error"]["message"] == "INVALID_LOGIN_CREDENTIALS", f"wrong password: {wrong.text}")

for index in range(5):
    auth.create_user(uid=f"user-{index}")
listed = [user.uid for user in auth.list_users(max_results=2).iterate_all()]
check(sorted(listed) == sorted(["ada"] + [f"user-{i}" for i in range(5)]), f"list_users: {listed}")

auth.delete_user("ada")
try:
    auth.get_user("ada")
    check(False, "a deleted user was found")
except auth.UserNotFoundError:
    pass
result = auth.delete_users([f"user-{i}" for i in range(5)])
check(result.success_count == 5 and result.failure_count == 0, f"delete_users: {result.errors}")
check(list(auth.list_users().iterate_all()) == [], "users left after delete_users")
print("admin auth: ok")
