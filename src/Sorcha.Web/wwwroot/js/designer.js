// The designer's one piece of script (an ES module, imported through IJSRuntime: the Content-Security-Policy allows no
// inline script): brings the field a problem names into view and gives it focus. Resolves false when no such field is on the page.
export function reveal(id) {
    const field = document.getElementById(id);
    if (!field) {
        return false;
    }

    field.scrollIntoView({ block: "center" });
    field.focus({ preventScroll: true });
    return true;
}
