// Copies text to the clipboard (an ES module, imported through IJSRuntime: the Content-Security-Policy allows no
// inline script). The Clipboard API needs a secure context (https or localhost); elsewhere a hidden text area and
// the older copy command do it. Resolves true when the text was copied.
export async function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
        try {
            await navigator.clipboard.writeText(text);
            return true;
        } catch {
            // denied (no permission, not focused): fall through to the older way
        }
    }

    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    try {
        return document.execCommand("copy");
    } catch {
        return false;
    } finally {
        area.remove();
    }
}
