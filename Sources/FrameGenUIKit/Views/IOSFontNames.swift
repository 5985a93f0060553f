/// The fonts iOS itself has, as `UIFont.familyNames` and `UIFont.fontNames(forFamilyName:)` list
/// them: a family a line, then its fonts' PostScript names. Apple's font files are never shipped
/// nor downloaded: `UIFont(name:size:)` returns a font for these names, as iOS does, and the
/// compositor draws it with the closest installed open font (fontconfig's substitute for the
/// family, else DejaVu Sans), with the metrics of the system font (UIFont.swift).
///
/// Where the list comes from: the families and names iOS 16 lists (`UIFont.familyNames` and
/// each family's `fontNames(forFamilyName:)`, as printed on a device and published in
/// developers' font-name tables, e.g. the "FontName+Font.swift" table of iOS 16's families),
/// with Courier and Iowan Old Style from iOS 9's list (Stack Overflow question 33320664, "Which
/// fonts are available in iOS 9?"), which later systems kept. Apple's own page, "Fonts for
/// Apple platforms" (developer.apple.com/fonts/system-fonts), lists the families without the
/// PostScript names an app passes.
enum IOSFontNames {
    static let table = """
        Academy Engraved LET: AcademyEngravedLetPlain
        Al Nile: AlNile AlNile-Bold
        American Typewriter: AmericanTypewriter AmericanTypewriter-Light AmericanTypewriter-Semibold
        AmericanTypewriter-Bold AmericanTypewriter-Condensed AmericanTypewriter-CondensedLight
        AmericanTypewriter-CondensedBold
        Apple Color Emoji: AppleColorEmoji
        Apple SD Gothic Neo: AppleSDGothicNeo-Regular AppleSDGothicNeo-Thin AppleSDGothicNeo-UltraLight
        AppleSDGothicNeo-Light AppleSDGothicNeo-Medium AppleSDGothicNeo-SemiBold AppleSDGothicNeo-Bold
        Apple Symbols: AppleSymbols
        Arial: ArialMT Arial-ItalicMT Arial-BoldMT Arial-BoldItalicMT
        Arial Hebrew: ArialHebrew ArialHebrew-Light ArialHebrew-Bold
        Arial Rounded MT Bold: ArialRoundedMTBold
        Avenir: Avenir-Book Avenir-Roman Avenir-BookOblique Avenir-Oblique Avenir-Light Avenir-LightOblique
        Avenir-Medium Avenir-MediumOblique Avenir-Heavy Avenir-HeavyOblique Avenir-Black Avenir-BlackOblique
        Avenir Next: AvenirNext-Regular AvenirNext-Italic AvenirNext-UltraLight AvenirNext-UltraLightItalic
        AvenirNext-Medium AvenirNext-MediumItalic AvenirNext-DemiBold AvenirNext-DemiBoldItalic AvenirNext-Bold
        AvenirNext-BoldItalic AvenirNext-Heavy AvenirNext-HeavyItalic
        Avenir Next Condensed: AvenirNextCondensed-Regular AvenirNextCondensed-Italic
        AvenirNextCondensed-UltraLight AvenirNextCondensed-UltraLightItalic AvenirNextCondensed-Medium
        AvenirNextCondensed-MediumItalic AvenirNextCondensed-DemiBold AvenirNextCondensed-DemiBoldItalic
        AvenirNextCondensed-Bold AvenirNextCondensed-BoldItalic AvenirNextCondensed-Heavy
        AvenirNextCondensed-HeavyItalic
        Baskerville: Baskerville Baskerville-Italic Baskerville-SemiBold Baskerville-SemiBoldItalic
        Baskerville-Bold Baskerville-BoldItalic
        Bodoni 72: BodoniSvtyTwoITCTT-Book BodoniSvtyTwoITCTT-BookIta BodoniSvtyTwoITCTT-Bold
        Bodoni 72 Oldstyle: BodoniSvtyTwoOSITCTT-Book BodoniSvtyTwoOSITCTT-BookIt BodoniSvtyTwoOSITCTT-Bold
        Bodoni 72 Smallcaps: BodoniSvtyTwoSCITCTT-Book
        Bodoni Ornaments: BodoniOrnamentsITCTT
        Bradley Hand: BradleyHandITCTT-Bold
        Chalkboard SE: ChalkboardSE-Regular ChalkboardSE-Light ChalkboardSE-Bold
        Chalkduster: Chalkduster
        Charter: Charter-Roman Charter-Italic Charter-Bold Charter-BoldItalic Charter-Black Charter-BlackItalic
        Cochin: Cochin Cochin-Italic Cochin-Bold Cochin-BoldItalic
        Copperplate: Copperplate Copperplate-Light Copperplate-Bold
        Courier: Courier Courier-Oblique Courier-Bold Courier-BoldOblique
        Courier New: CourierNewPSMT CourierNewPS-ItalicMT CourierNewPS-BoldMT CourierNewPS-BoldItalicMT
        Damascus: Damascus DamascusLight DamascusMedium DamascusSemiBold DamascusBold
        Devanagari Sangam MN: DevanagariSangamMN DevanagariSangamMN-Bold
        Didot: Didot Didot-Italic Didot-Bold
        DIN Alternate: DINAlternate-Bold
        DIN Condensed: DINCondensed-Bold
        Euphemia UCAS: EuphemiaUCAS EuphemiaUCAS-Italic EuphemiaUCAS-Bold
        Farah: Farah
        Futura: Futura-Medium Futura-MediumItalic Futura-Bold Futura-CondensedMedium Futura-CondensedExtraBold
        Galvji: Galvji Galvji-Bold
        Geeza Pro: GeezaPro GeezaPro-Bold
        Georgia: Georgia Georgia-Italic Georgia-Bold Georgia-BoldItalic
        Gill Sans: GillSans GillSans-Italic GillSans-Light GillSans-LightItalic GillSans-SemiBold
        GillSans-SemiBoldItalic GillSans-Bold GillSans-BoldItalic GillSans-UltraBold
        Grantha Sangam MN: GranthaSangamMN-Regular GranthaSangamMN-Bold
        Helvetica: Helvetica Helvetica-Oblique Helvetica-Light Helvetica-LightOblique Helvetica-Bold
        Helvetica-BoldOblique
        Helvetica Neue: HelveticaNeue HelveticaNeue-Italic HelveticaNeue-UltraLight HelveticaNeue-UltraLightItalic
        HelveticaNeue-Thin HelveticaNeue-ThinItalic HelveticaNeue-Light HelveticaNeue-LightItalic
        HelveticaNeue-Medium HelveticaNeue-MediumItalic HelveticaNeue-Bold HelveticaNeue-BoldItalic
        HelveticaNeue-CondensedBold HelveticaNeue-CondensedBlack
        Hiragino Maru Gothic ProN: HiraMaruProN-W4
        Hiragino Mincho ProN: HiraMinProN-W3 HiraMinProN-W6
        Hiragino Sans: HiraginoSans-W3 HiraginoSans-W6 HiraginoSans-W7
        Hoefler Text: HoeflerText-Regular HoeflerText-Italic HoeflerText-Black HoeflerText-BlackItalic
        Iowan Old Style: IowanOldStyle-Roman IowanOldStyle-Italic IowanOldStyle-Bold IowanOldStyle-BoldItalic
        Kailasa: Kailasa Kailasa-Bold
        Kefa: Kefa-Regular
        Khmer Sangam MN: KhmerSangamMN
        Kohinoor Bangla: KohinoorBangla-Regular KohinoorBangla-Light KohinoorBangla-Semibold
        Kohinoor Devanagari: KohinoorDevanagari-Regular KohinoorDevanagari-Light KohinoorDevanagari-Semibold
        Kohinoor Gujarati: KohinoorGujarati-Regular KohinoorGujarati-Light KohinoorGujarati-Bold
        Kohinoor Telugu: KohinoorTelugu-Regular KohinoorTelugu-Light KohinoorTelugu-Medium
        Lao Sangam MN: LaoSangamMN
        Malayalam Sangam MN: MalayalamSangamMN MalayalamSangamMN-Bold
        Marker Felt: MarkerFelt-Thin MarkerFelt-Wide
        Menlo: Menlo-Regular Menlo-Italic Menlo-Bold Menlo-BoldItalic
        Mishafi: DiwanMishafi
        Mukta Mahee: MuktaMahee-Regular MuktaMahee-Light MuktaMahee-Bold
        Myanmar Sangam MN: MyanmarSangamMN MyanmarSangamMN-Bold
        Noteworthy: Noteworthy-Light Noteworthy-Bold
        Noto Nastaliq Urdu: NotoNastaliqUrdu NotoNastaliqUrdu-Bold
        Noto Sans Kannada: NotoSansKannada-Regular NotoSansKannada-Light NotoSansKannada-Bold
        Noto Sans Myanmar: NotoSansMyanmar-Regular NotoSansMyanmar-Light NotoSansMyanmar-Bold
        Noto Sans Oriya: NotoSansOriya NotoSansOriya-Bold
        Optima: Optima-Regular Optima-Italic Optima-Bold Optima-BoldItalic Optima-ExtraBlack
        Palatino: Palatino-Roman Palatino-Italic Palatino-Bold Palatino-BoldItalic
        Papyrus: Papyrus Papyrus-Condensed
        Party LET: PartyLetPlain
        PingFang HK: PingFangHK-Regular PingFangHK-Ultralight PingFangHK-Thin PingFangHK-Light
        PingFangHK-Medium PingFangHK-Semibold
        PingFang SC: PingFangSC-Regular PingFangSC-Ultralight PingFangSC-Thin PingFangSC-Light
        PingFangSC-Medium PingFangSC-Semibold
        PingFang TC: PingFangTC-Regular PingFangTC-Ultralight PingFangTC-Thin PingFangTC-Light
        PingFangTC-Medium PingFangTC-Semibold
        Rockwell: Rockwell-Regular Rockwell-Italic Rockwell-Bold Rockwell-BoldItalic
        Savoye LET: SavoyeLetPlain
        Sinhala Sangam MN: SinhalaSangamMN SinhalaSangamMN-Bold
        Snell Roundhand: SnellRoundhand SnellRoundhand-Bold SnellRoundhand-Black
        Symbol: Symbol
        Tamil Sangam MN: TamilSangamMN TamilSangamMN-Bold
        Thonburi: Thonburi Thonburi-Light Thonburi-Bold
        Times New Roman: TimesNewRomanPSMT TimesNewRomanPS-ItalicMT TimesNewRomanPS-BoldMT
        TimesNewRomanPS-BoldItalicMT
        Trebuchet MS: TrebuchetMS TrebuchetMS-Italic TrebuchetMS-Bold Trebuchet-BoldItalic
        Verdana: Verdana Verdana-Italic Verdana-Bold Verdana-BoldItalic
        Zapf Dingbats: ZapfDingbatsITC
        Zapfino: Zapfino
        """

    /// Each family's PostScript names, in the table's order: a line with a colon starts a
    /// family, a line without one goes on with its names.
    static let families: [(family: String, names: [String])] = {
        var result: [(family: String, names: [String])] = []
        for line in table.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 {
                result.append((String(parts[0]), parts[1].split(separator: " ").map(String.init)))
            } else {
                result[result.count - 1].names += line.split(separator: " ").map(String.init)
            }
        }
        return result
    }()

    /// A family's regular face: the first of its names whose style is none, Regular, Roman or
    /// Book, else its first.
    static func regularName(ofFamily family: String) -> String? {
        guard let names = families.first(where: { $0.family == family })?.names else { return nil }
        return names.first { name in
            let style =
                name.split(separator: "-", maxSplits: 1).dropFirst().first.map { $0.lowercased() } ?? ""
            return ["", "regular", "roman", "book"].contains(style)
        } ?? names.first
    }

    /// The family of each PostScript name.
    static let familyOfName: [String: String] = Dictionary(
        families.flatMap { entry in entry.names.map { ($0, entry.family) } }, uniquingKeysWith: { a, _ in a })
}
